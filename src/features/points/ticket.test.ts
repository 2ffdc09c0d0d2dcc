import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/client.ts';
import { isTicketExpired, ticketStateOf } from './ticket.ts';

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

describe('telling a first ticket from an expired one', () => {
  it('is a first ticket only when the server says the member never had one', () => {
    const refusal = (data: unknown) => new ApiError({ code: -1, msg: 'x', data });
    expect(ticketStateOf(refusal({ reason: 'ticket_expired', ticket: 'none' }))).toBe('none');
    expect(ticketStateOf(refusal({ reason: 'ticket_expired', ticket: 'expired' }))).toBe('expired');
    // An answer from a server before the distinction: as before, an extension.
    expect(ticketStateOf(refusal({ reason: 'ticket_expired' }))).toBe('expired');
  });
});
