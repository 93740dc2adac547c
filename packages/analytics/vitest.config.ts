import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'analytics', include: ['src/**/*.test.ts'] } });
