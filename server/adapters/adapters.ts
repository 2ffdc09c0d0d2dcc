import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { AddressSearch } from './address/address.ts';
import { jusoAddressSearch } from './address/juso-address.ts';
import { kakaoAddressSearch } from './address/kakao-address.ts';
import { localAddressSearch } from './address/local-address.ts';
// Nearby facilities (Kakao Local category search, else the bundled sample).
import type { FacilitySearch } from './facilities/facilities.ts';
import { kakaoFacilitySearch } from './facilities/kakao-facilities.ts';
import { sampleFacilitySearch } from './facilities/sample-facilities.ts';
import type { PaymentProvider } from './payment/payment.ts';
import { portonePaymentProvider } from './payment/portone.ts';
import { testPaymentProvider } from './payment/test-checkout.ts';
import { dataGoKrBuildingRegister } from './public-data/building-register.ts';
import type { BuildingRegister, PriceService } from './public-data/public-data.ts';
import { sampleBuildingRegister, samplePriceService } from './public-data/sample-public-data.ts';
import { vworldNedPrices } from './public-data/vworld-ned.ts';
// Web Push.
import type { PushSender } from './push/push.ts';
import { webPushSender } from './push/web-push.ts';
import { s3Settings, s3Storage } from './s3-storage.ts';
import { nhnSmsSender } from './sms/nhn-sms.ts';
import { consoleSmsSender, type SmsSender } from './sms/sms.ts';
import { type FileStorage, localDiskStorage } from './storage.ts';

/**
 * Every outside service the server talks to, each behind one interface with a real
 * client (configured by env vars) and a local default that works with no network.
 */
export interface Adapters {
  storage: FileStorage;
  sms: SmsSender;
  address: AddressSearch;
  payment: PaymentProvider;
  /** Building register and official prices: the real services with keys, else the bundled sample. */
  buildingRegister: BuildingRegister;
  prices: PriceService;
  /** Web Push with the server's VAPID keys, to whichever push service a device subscribed at. */
  push: PushSender;
  /** Places around a site: Kakao Local with KAKAO_REST_KEY, else the bundled sample. */
  facilities: FacilitySearch;
}

export function createAdapters({ config, logger }: { config: Config; logger?: Logger }): Adapters {
  const { sms, payment, publicData } = config;
  // S3_BUCKET: a bucket every server instance shares; else the data folder's uploads.
  const s3 = s3Settings(config.env);
  return {
    storage: s3 ? s3Storage(s3) : localDiskStorage({ dir: config.uploadsDir }),
    sms:
      sms.provider === 'nhn'
        ? nhnSmsSender({
            baseUrl: sms.baseUrl,
            appKey: sms.appKey,
            secretKey: sms.secretKey,
            sendNo: sms.sender,
          })
        : consoleSmsSender(logger ? { logger } : {}),
    address: config.address.kakaoKey
      ? kakaoAddressSearch({ baseUrl: config.address.kakaoUrl, restKey: config.address.kakaoKey })
      : config.address.jusoKey
        ? jusoAddressSearch({ baseUrl: config.address.jusoUrl, confmKey: config.address.jusoKey })
        : localAddressSearch(),
    payment:
      payment.provider === 'portone'
        ? portonePaymentProvider({
            apiUrl: payment.apiUrl,
            impKey: payment.impKey,
            impSecret: payment.impSecret,
            impCode: payment.impCode,
            channelKey: payment.channelKey,
          })
        : testPaymentProvider(),
    buildingRegister: publicData.dataGoKrKey
      ? dataGoKrBuildingRegister({
          baseUrl: publicData.registerUrl,
          serviceKey: publicData.dataGoKrKey,
        })
      : sampleBuildingRegister(),
    prices: publicData.nedKey
      ? vworldNedPrices({
          baseUrl: publicData.nedUrl,
          key: publicData.nedKey,
          domain: publicData.nedDomain,
        })
      : samplePriceService(),
    push: webPushSender({ vapid: config.push.vapid, subject: config.push.subject }),
    facilities: config.address.kakaoKey
      ? kakaoFacilitySearch({
          baseUrl: config.address.kakaoUrl,
          restKey: config.address.kakaoKey,
          timeoutMs: publicData.timeoutMs,
        })
      : sampleFacilitySearch(),
  };
}
