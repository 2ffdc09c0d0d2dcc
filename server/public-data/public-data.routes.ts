import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  getApartPriceCall,
  getBuildingTitleCall,
  getExposedAreaCall,
  getFloorOutlineCall,
  getHousePriceCall,
  getLandPriceCall,
  getOfficetelLevelCall,
  getOfficetelPriceCall,
  importOfficetelPricesCall,
} from '../../sync/api/public-data.api.ts';
import { ruleViolation } from '../http/errors.ts';
import { defineOperation } from '../http/operation.ts';
import { importOfficetelFile, officetelChoices, officetelPriceList } from './officetel.service.ts';
import { publicDataMessages } from './public-data.messages.ts';
import { lookUp } from './public-data.service.ts';
import { tidyApartPrices, tidyExposedAreas, tidyFloors, tidyHousePrices, tidyLandPrices } from './tidy.ts';

const member = { kind: 'member' } as const;

export const publicDataOperations = [
  defineOperation(getBuildingTitleCall, {
    access: member,
    handler: async ({ input, ctx }) => {
      const register = ctx.adapters.buildingRegister;
      const answer = await lookUp({
        ctx,
        service: 'title',
        key: input.pnu,
        source: register.source,
        pages: { pageRows: register.pageRows, read: (page) => register.titles({ pnu: input.pnu, ...page }) },
        tidy: (rows) => rows,
      });
      // Spec §5: a parcel whose register holds no building was cancelled (or never had one).
      if (answer.list.length === 0) throw ruleViolation(publicDataMessages.registerCancelled);
      return answer;
    },
  }),
  defineOperation(getFloorOutlineCall, {
    access: member,
    handler: ({ input, ctx }) =>
      lookUp({
        ctx,
        service: 'floor',
        key: input.pnu,
        source: ctx.adapters.buildingRegister.source,
        pages: {
          pageRows: ctx.adapters.buildingRegister.pageRows,
          read: (page) => ctx.adapters.buildingRegister.floors({ pnu: input.pnu, ...page }),
        },
        tidy: tidyFloors,
      }),
  }),
  defineOperation(getExposedAreaCall, {
    access: member,
    handler: ({ input, ctx }) =>
      lookUp({
        ctx,
        service: 'expos',
        key: input.pnu,
        source: ctx.adapters.buildingRegister.source,
        pages: {
          pageRows: ctx.adapters.buildingRegister.pageRows,
          read: (page) => ctx.adapters.buildingRegister.exposedAreas({ pnu: input.pnu, ...page }),
        },
        tidy: tidyExposedAreas,
      }),
  }),
  defineOperation(getLandPriceCall, {
    access: member,
    handler: ({ input, ctx }) =>
      lookUp({
        ctx,
        service: 'land',
        key: input.pnu,
        source: ctx.adapters.prices.source,
        pages: {
          pageRows: ctx.adapters.prices.pageRows,
          read: (page) => ctx.adapters.prices.landPrices({ pnu: input.pnu, ...page }),
        },
        tidy: tidyLandPrices,
      }),
  }),
  defineOperation(getApartPriceCall, {
    access: member,
    handler: ({ input, ctx }) => {
      const unit =
        input.dong_nm !== undefined && input.ho_nm !== undefined
          ? { dongNm: input.dong_nm, hoNm: input.ho_nm }
          : {};
      return lookUp({
        ctx,
        service: 'apart',
        key: JSON.stringify([input.pnu, input.dong_nm ?? null, input.ho_nm ?? null]),
        source: ctx.adapters.prices.source,
        pages: {
          pageRows: ctx.adapters.prices.pageRows,
          read: (page) => ctx.adapters.prices.apartPrices({ pnu: input.pnu, ...unit, ...page }),
        },
        tidy: tidyApartPrices,
      });
    },
  }),
  defineOperation(getHousePriceCall, {
    access: member,
    handler: ({ input, ctx }) =>
      lookUp({
        ctx,
        service: 'house',
        key: input.pnu,
        source: ctx.adapters.prices.source,
        pages: {
          pageRows: ctx.adapters.prices.pageRows,
          read: (page) => ctx.adapters.prices.housePrices({ pnu: input.pnu, ...page }),
        },
        tidy: tidyHousePrices,
      }),
  }),

  // Officetel standard prices: read from the file admins imported (no public API serves them).
  defineOperation(getOfficetelLevelCall, {
    access: member,
    handler: ({ input, ctx }) => officetelChoices({ ctx, input }),
  }),
  defineOperation(getOfficetelPriceCall, {
    access: member,
    handler: ({ input, ctx }) => officetelPriceList({ ctx, input }),
  }),
  defineOperation(importOfficetelPricesCall, {
    access: { kind: 'admin', tab: AdminTab.db },
    successMessage: publicDataMessages.officetelImported,
    handler: ({ input, ctx }) => importOfficetelFile({ ctx, file: input.file, year: input.year }),
  }),
];
