// Sets a user's plan straight in the database, as the operator command does.
import type { Plan } from '@outpost/contracts';
import type { TestApp } from './test-app';

export const setPlan = async (t: TestApp, userId: string, plan: Plan): Promise<void> => {
  const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
  await knex('users').where({ id: userId }).update({ plan });
};
