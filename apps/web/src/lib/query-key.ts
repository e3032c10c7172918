import type { Routes } from '@sente/contract';

/** A query key is the contract route's name plus its input (house style, point 12). */
export function queryKeyOf(route: keyof Routes, input?: unknown): readonly unknown[] {
  return input === undefined ? [route] : [route, input];
}
