import { builder } from '../../graphql/builder';
import { presentUser } from '../users/user-presenter';
import { UserType } from '../users/user-schema';
import { login, signup } from './auth-service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { deleteSession } from './session-store';

const SignupInput = builder.inputType('SignupInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    // Optional in the schema so that a missing value gets the spec's own message.
    confirm_password: t.string({ required: false }),
    full_name: t.string({ required: false }),
    phone: t.string({ required: false }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    nullable: true,
    description: 'The learner behind the session cookie, or null when signed out.',
    resolve: (_root, _args, ctx) => (ctx.session ? presentUser(ctx.session.user) : null),
  }),
);

builder.mutationField('signupUser', (t) =>
  t.field({
    type: UserType,
    args: { input: t.arg({ type: SignupInput }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await signup(
        ctx.services.auth,
        {
          email: input.email,
          password: input.password,
          confirmPassword: input.confirm_password,
          fullName: input.full_name,
          phone: input.phone,
        },
        ctx.request.ip,
      );
      setSessionCookie(ctx.reply, session);
      ctx.request.log.info({ event: 'signup' }, 'learner signed up');
      return presentUser(user);
    },
  }),
);

builder.mutationField('loginUser', (t) =>
  t.field({
    type: UserType,
    args: { email: t.arg.string(), password: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      try {
        const { user, session } = await login(ctx.services.auth, args.email, args.password, ctx.request.ip);
        // A session that was open in this browser is replaced, not kept alongside.
        if (ctx.session) await deleteSession(ctx.services.db, ctx.session.tokenHash);
        setSessionCookie(ctx.reply, session);
        ctx.request.log.info({ event: 'login' }, 'learner signed in');
        return presentUser(user);
      } catch (error) {
        ctx.request.log.info({ event: 'login_failed' }, 'sign-in failed');
        throw error;
      }
    },
  }),
);

builder.mutationField('logoutUser', (t) =>
  t.boolean({
    description: 'Ends the session on the server and clears the cookie. Always true.',
    resolve: async (_root, _args, ctx) => {
      if (ctx.session) await deleteSession(ctx.services.db, ctx.session.tokenHash);
      clearSessionCookie(ctx.reply);
      return true;
    },
  }),
);
