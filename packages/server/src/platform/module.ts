import type { FastifyInstance } from 'fastify';
import type { PageAnswerSource } from './pageAnswers.ts';
import type { FactReaders, ResourceResolvers } from './projectAccess.ts';

/**
 * What a domain module brings to the app: app.ts lists the modules and wires these parts, so that reading
 * app.ts shows every module and what it provides. Each module's index.ts exports its `ServerModule` (or a
 * function answering one, when the module has an extension point that higher modules fill).
 */
export interface ServerModule {
  /** Its folder under modules/. */
  name: string;
  /**
   * How each kind of its resources resolves to its project, by the kind a project rule names
   * (`projectRule(..., 'dataset')`): gathered for the access control (platform/projectAccess.ts).
   */
  resources?: ResourceResolvers;
  /** The facts its actions of the vocabulary need about a resource (`model:run`), for the access control. */
  facts?: FactReaders;
  /**
   * Defines its job types and background tasks on `app.ctx.jobs`, and its start-up housekeeping: on every
   * process (ROLE all and api enqueue, all and worker run them). A worker runs this and no routes.
   */
  jobs?: (app: FastifyInstance) => void;
  /** Its HTTP routes, from its shared contracts: on API processes (ROLE all and api) only. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** The web app pages whose first requests it answers ahead, inside the page (platform/pageAnswers.ts). */
  pageAnswers?: PageAnswerSource;
}
