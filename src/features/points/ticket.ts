import { TICKET_EXPIRED, type TicketState } from '../../../sync/api/points.api.ts';
import { ApiError } from '../../api/client.ts';

/** The server refused because the member's usage ticket is not valid (spec §4 Ticket). */
export function isTicketExpired(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    typeof err.data === 'object' &&
    err.data !== null &&
    (err.data as { reason?: unknown }).reason === TICKET_EXPIRED
  );
}

/** Whether a ticket refusal is for a member who never had one (the plans, not an extension). */
export function ticketStateOf(err: ApiError): TicketState {
  const data = err.data as { ticket?: unknown } | null;
  return data?.ticket === 'none' ? 'none' : 'expired';
}
