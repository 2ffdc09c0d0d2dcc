import type { Operation } from './http/operation.ts';
import { mapOperations } from './map/map.routes.ts';
import { systemOperations } from './system/system.routes.ts';

/**
 * Every API operation, in one list: mounted by the app, described by the OpenAPI
 * document and walked by the cross-cutting tests (bad input, authority matrix).
 */
export const operations: Operation[] = [...systemOperations, ...mapOperations];
