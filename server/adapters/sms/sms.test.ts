import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startStubServer } from '../../testing/stub-server.ts';
import { nhnSmsSender } from './nhn-sms.ts';
import { consoleSmsSender } from './sms.ts';

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/**
 * NHN Cloud SMS v3.0's documented answer to a send (API guide, 단문 SMS 발송 응답): header
 * {isSuccessful, resultCode, resultMessage} and body.data {requestId, statusCode,
 * sendResultList[{recipientNo, resultCode, resultMessage, recipientSeq}]}.
 */
const accepted = (recipientNo: string) => ({
  header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' },
  body: {
    data: {
      requestId: '20261121-abc',
      statusCode: '2',
      sendResultList: [{ recipientNo, resultCode: 0, resultMessage: 'SUCCESS', recipientSeq: 1 }],
    },
  },
});

describe('NHN Cloud SMS client', () => {
  it('posts the code text to the app key with the secret key header', async () => {
    stub = await startStubServer((req) => ({
      json: accepted(JSON.parse(req.body).recipientList[0].recipientNo),
    }));
    const sms = nhnSmsSender({
      baseUrl: stub.url,
      appKey: 'app-key',
      secretKey: 'secret',
      sendNo: '0215770000',
    });
    await sms.sendCode({ to: '01012345678', code: '123456', text: '[분양톡] 인증번호 [123456]' });
    const [req] = stub.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/sms/v3.0/appKeys/app-key/sender/sms');
    expect(req?.headers['x-secret-key']).toBe('secret');
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      body: '[분양톡] 인증번호 [123456]',
      sendNo: '0215770000',
      recipientList: [{ recipientNo: '01012345678' }],
    });
  });

  it('fails when the gateway says the request was not successful', async () => {
    stub = await startStubServer(() => ({
      json: { header: { isSuccessful: false, resultCode: -1000, resultMessage: 'Invalid appKey' } },
    }));
    const sms = nhnSmsSender({ baseUrl: stub.url, appKey: 'bad', secretKey: 'x', sendNo: '0215770000' });
    await expect(sms.sendCode({ to: '01012345678', code: '1', text: 't' })).rejects.toThrow(/Invalid appKey/);
  });

  it('fails when the recipient was refused', async () => {
    stub = await startStubServer(() => ({
      json: {
        header: { isSuccessful: true, resultCode: 0 },
        body: {
          data: {
            sendResultList: [
              { recipientNo: '01012345678', resultCode: -2019, resultMessage: 'Invalid recipient' },
            ],
          },
        },
      },
    }));
    const sms = nhnSmsSender({ baseUrl: stub.url, appKey: 'k', secretKey: 'x', sendNo: '0215770000' });
    await expect(sms.sendCode({ to: '01012345678', code: '1', text: 't' })).rejects.toThrow(/-2019/);
  });

  it('fails on an HTTP error', async () => {
    stub = await startStubServer(() => ({ status: 500, text: 'down' }));
    const sms = nhnSmsSender({ baseUrl: stub.url, appKey: 'k', secretKey: 'x', sendNo: '0215770000' });
    await expect(sms.sendCode({ to: '01012345678', code: '1', text: 't' })).rejects.toThrow(/500/);
  });
});

describe('the SMS gateway address', () => {
  it('is NHN Cloud’s current API domain unless another is configured', () => {
    const env = { DATA_DIR: '/tmp/bunyang-test', LOG_LEVEL: 'silent', APP_SECRET: 'x' };
    expect(loadConfig(env).sms.baseUrl).toBe('https://sms.api.nhncloudservice.com');
    expect(loadConfig({ ...env, SMS_BASE_URL: 'https://api-sms.cloud.toast.com' }).sms.baseUrl).toBe(
      'https://api-sms.cloud.toast.com',
    );
  });
});

describe('console SMS sender', () => {
  it('writes exactly one line with the digits and the code', async () => {
    const lines: string[] = [];
    const sms = consoleSmsSender({ write: (l) => lines.push(l) });
    await sms.sendCode({ to: '01012345678', code: '654321', text: 'ignored' });
    expect(lines).toEqual(['[sms] to=01012345678 code=654321']);
  });
});
