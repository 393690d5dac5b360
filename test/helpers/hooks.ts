import { closeTestEnv } from './env.js';

export const mochaHooks = {
  async afterAll() {
    await closeTestEnv();
  },
};
