import type { Json, JsonObject } from './load-openapi';

/** The value when it is a JSON object, else an empty one (a spec may put anything anywhere). */
export const asObject = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

/** The value when it is a string. */
export const str = (value: Json | undefined) => (typeof value === 'string' ? value : undefined);

/** The value when it is an array, else an empty one. */
export const asArray = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
