import { ResultCode } from '../../../sync/codes.ts';
import { ApiError } from '../../api/client.ts';

/** The server's reason when the usage ticket has run out (server/points/ticket.ts). */
const TICKET_EXPIRED = 'ticket_expired';

export function isTicketExpired(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.code === ResultCode.apiError &&
    (err.data as { reason?: unknown } | null)?.reason === TICKET_EXPIRED
  );
}
