import type { SmsSender } from './sms.ts';

/**
 * NHN Cloud SMS v3.0 (https://docs.nhncloud.com/ko/Notification/SMS/ko/api-guide/, API domain
 * https://sms.api.nhncloudservice.com, the default of SMS_BASE_URL; the former
 * api-sms.cloud.toast.com may still be configured):
 * POST {base}/sms/v3.0/appKeys/{appKey}/sender/sms with header X-Secret-Key and
 * body {body, sendNo, recipientList: [{recipientNo}]}; the answer carries
 * header.isSuccessful and, per recipient, body.data.sendResultList[].resultCode (0 = accepted).
 */
export function nhnSmsSender({
  baseUrl,
  appKey,
  secretKey,
  sendNo,
  fetchImpl = fetch,
  timeoutMs = 5000,
}: {
  baseUrl: string;
  appKey: string;
  secretKey: string;
  sendNo: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): SmsSender {
  return {
    sendCode: async ({ to, text }) => {
      const res = await fetchImpl(
        `${baseUrl.replace(/\/$/, '')}/sms/v3.0/appKeys/${encodeURIComponent(appKey)}/sender/sms`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json;charset=UTF-8', 'X-Secret-Key': secretKey },
          body: JSON.stringify({ body: text, sendNo, recipientList: [{ recipientNo: to }] }),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
      if (!res.ok) throw new Error(`SMS gateway HTTP ${res.status}`);
      const json = (await res.json()) as {
        header?: { isSuccessful?: boolean; resultCode?: number; resultMessage?: string };
        body?: {
          data?: {
            sendResultList?: Array<{ recipientNo: string; resultCode: number; resultMessage?: string }>;
          };
        };
      };
      if (!json.header?.isSuccessful) {
        throw new Error(
          `SMS gateway refused: ${json.header?.resultCode} ${json.header?.resultMessage ?? ''}`,
        );
      }
      const result = json.body?.data?.sendResultList?.find((r) => r.recipientNo === to);
      if (result && result.resultCode !== 0) {
        throw new Error(`SMS gateway refused recipient: ${result.resultCode} ${result.resultMessage ?? ''}`);
      }
    },
  };
}
