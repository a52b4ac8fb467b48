// The customer an application belongs to. Pushed leads belong to no customer, and no customer-facing
// path ever reaches one: finding none here is a lead, which is as good as not found.
import { NotFoundError } from '../core/errors.ts';

export function ownerIdOf(app: { id: number; customerId: number | null }): number {
  if (app.customerId === null) throw new NotFoundError(`Application ${app.id} was not found`);
  return app.customerId;
}
