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
import { badParameter, invalidInputDetails, ruleViolation } from '../http/errors.ts';
import { defineOperation } from '../http/operation.ts';
import { importOfficetelRows, officetelLevel, officetelPrices } from './officetel.repository.ts';
import { OfficetelFileError, readOfficetelFile } from './officetel.ts';
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
    handler: async ({ input, ctx }) => ({
      list: await officetelLevel({
        db: ctx.db,
        pnu: input.pnu,
        level: input.level as 1 | 2 | 3 | 4,
        buildnum: input.buildnum,
        dong: input.dong,
        floor: input.floor,
      }),
    }),
  }),
  defineOperation(getOfficetelPriceCall, {
    access: member,
    handler: async ({ input, ctx }) => ({
      list: await officetelPrices({ db: ctx.db, ...input }),
      source: 'provider' as const,
      fetched_at: ctx.clock.now().toISOString(),
      partial: false,
    }),
  }),
  defineOperation(importOfficetelPricesCall, {
    access: { kind: 'admin', tab: AdminTab.db },
    successMessage: publicDataMessages.officetelImported,
    handler: async ({ input, ctx }) => {
      let rows: Awaited<ReturnType<typeof readOfficetelFile>>;
      try {
        rows = await readOfficetelFile({
          bytes: new Uint8Array(await input.file.arrayBuffer()),
          fileName: input.file.name,
        });
      } catch (err) {
        if (!(err instanceof OfficetelFileError)) throw err;
        // Rows that cannot be read are listed each (line, column, value) for the admin to fix.
        if (err.rows)
          throw invalidInputDetails({
            field: 'file',
            msg: publicDataMessages.officetelRows,
            params: { count: err.rows.count },
            details: { reason: err.problem, row_count: err.rows.count, rows: err.rows.listed },
          });
        throw badParameter({ field: 'file', reason: err.problem });
      }
      return {
        imported: await importOfficetelRows({ db: ctx.db, year: input.year, rows }),
        year: input.year,
      };
    },
  }),
];
