import type { ParameterizedContext } from 'koa';
import type Router from 'koa-router';

/** What middleware learns about a request. */
export interface AppState {
  /** The signed-in user's Telegram id (set by requireUser). */
  userId?: string;
  /** Language for answers: the token's, else Accept-Language; Russian when unknown. */
  language?: string | null;
}

export type AppContext = ParameterizedContext<AppState, Router.IRouterParamContext<AppState>>;
export type Next = () => Promise<unknown>;
