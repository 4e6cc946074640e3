import { builder } from '../../graphql/builder';
import type { UserView } from './user-presenter';

export const UserType = builder.objectRef<UserView>('User').implement({
  description: 'The signed-in learner. `user_id` is their email.',
  fields: (t) => ({
    user_id: t.exposeString('user_id'),
    full_name: t.exposeString('full_name'),
    phone: t.exposeString('phone'),
    payment_status: t.exposeBoolean('payment_status'),
    subscribed: t.exposeBoolean('subscribed'),
    is_admin: t.exposeBoolean('is_admin', { description: 'Whether the console (/admin) is open to this user.' }),
    state_code: t.exposeString('state_code', {
      nullable: true,
      description: 'GST state code (e.g. "29" for Karnataka): the place of supply on tax invoices.',
    }),
  }),
});
