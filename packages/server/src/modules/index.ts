import type { FastifyInstance } from 'fastify';

/** The domain modules, in registration order. Each adds its routes from its shared contracts. */
const modules: Array<(app: FastifyInstance) => Promise<void>> = [];
export default modules;
