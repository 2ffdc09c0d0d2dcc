import {
  authPhoneCall,
  checkPhoneAuthCodeCall,
  getCertQuestionListCall,
  loginCall,
  signUpCall,
  updateCertAnswerCall,
} from '../../sync/api/auth.api.ts';
import { defineOperation } from '../http/operation.ts';
import { encodeImage } from '../uploads/images.ts';
import { authMessages } from './auth.messages.ts';
import { authPhone, checkQuiz, listQuestions, login, signUp } from './auth.service.ts';
import { CODE_TTL_SECONDS, verifyCode } from './phone-codes.ts';

export const authOperations = [
  defineOperation(authPhoneCall, {
    access: { kind: 'public' },
    handler: async ({ input, ctx }) => ({
      ...(await authPhone({ ctx, phone: input.phone_number, isLogin: input.is_login === 'Y' })),
      expires_in: CODE_TTL_SECONDS,
    }),
  }),
  defineOperation(checkPhoneAuthCodeCall, {
    access: { kind: 'public' },
    handler: async ({ input, ctx }) => {
      await verifyCode({
        db: ctx.db,
        clock: ctx.clock,
        secret: ctx.config.appSecret,
        phone: input.phone_number,
        code: input.code,
        consume: false,
      });
      return { verified: true as const };
    },
  }),
  defineOperation(loginCall, {
    access: { kind: 'public' },
    handler: ({ input, ctx }) =>
      login({
        ctx,
        phone: input.phone_number,
        code: input.code,
        deviceId: input.device_id,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        isWeb: input.isWeb,
      }),
  }),
  defineOperation(getCertQuestionListCall, {
    access: { kind: 'public' },
    handler: async ({ ctx }) => ({ list: await listQuestions({ ctx }) }),
  }),
  defineOperation(updateCertAnswerCall, {
    access: { kind: 'public' },
    handler: ({ input, ctx }) => checkQuiz({ ctx, phone: input.phone, answers: input.answer_list }),
  }),
  defineOperation(signUpCall, {
    access: { kind: 'public' },
    successMessage: authMessages.signupDone,
    handler: async ({ input, ctx }) => {
      // The photo is checked before anything else is written; it is kept only once the rest passes.
      const card = await encodeImage({
        file: input.business_card,
        maxPixels: ctx.config.imageMaxPixels,
        field: 'business_card',
      });
      return signUp({ ctx, input, cardUrl: () => ctx.adapters.storage.put({ bytes: card, ext: 'webp' }) });
    },
  }),
];
