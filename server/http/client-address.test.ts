import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('the address a request came from', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(
      clientAddress({ forwardedFor: '198.51.100.9', socketAddress: '203.0.113.7', trustedProxies: 0 }),
    ).toBe('203.0.113.7');
  });

  it('is what the trusted proxy appended, not what the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 198.51.100.9"; nginx appended the address it saw.
    const forwardedFor = '198.51.100.9, 203.0.113.7';
    expect(clientAddress({ forwardedFor, socketAddress: '10.0.0.2', trustedProxies: 1 })).toBe('203.0.113.7');
    expect(clientAddress({ forwardedFor, socketAddress: '10.0.0.2', trustedProxies: 2 })).toBe(
      '198.51.100.9',
    );
  });

  it('falls back to the leftmost entry or the socket when the header is short or missing', () => {
    expect(clientAddress({ forwardedFor: '203.0.113.7', socketAddress: '10.0.0.2', trustedProxies: 3 })).toBe(
      '203.0.113.7',
    );
    expect(clientAddress({ forwardedFor: undefined, socketAddress: '10.0.0.2', trustedProxies: 1 })).toBe(
      '10.0.0.2',
    );
    expect(clientAddress({ forwardedFor: ' , ', socketAddress: undefined, trustedProxies: 1 })).toBe('');
  });

  it('leaves out a port the proxy wrote beside the address', () => {
    const at = (forwardedFor: string) =>
      clientAddress({ forwardedFor, socketAddress: '10.0.0.2', trustedProxies: 1 });
    expect(at('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(at('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(at('2001:db8::1')).toBe('2001:db8::1');
  });
});
