import { TICKET_EXPIRED } from '../../../sync/api/points.api.ts';
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
