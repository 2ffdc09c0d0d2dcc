import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/client.ts';
import { isTicketExpired } from './ticket.ts';

describe('recognising the expired-ticket refusal', () => {
  it('is the server refusal whose data names ticket_expired', () => {
    expect(
      isTicketExpired(new ApiError({ code: -1, msg: 'expired', data: { reason: 'ticket_expired' } })),
    ).toBe(true);
  });

  it('is not any other refusal, a network failure or an unrelated error', () => {
    expect(isTicketExpired(new ApiError({ code: -1, msg: 'under review', data: null }))).toBe(false);
    expect(isTicketExpired(new ApiError({ code: -1, msg: 'x', data: { reason: 'other' } }))).toBe(false);
    expect(isTicketExpired(new NetworkError())).toBe(false);
    expect(isTicketExpired(new Error('ticket_expired'))).toBe(false);
  });
});
