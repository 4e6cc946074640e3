import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
// Types only: the course's code (course-api.ts) loads with the pages that show the course.
import type { SessionCourseData } from './course-api';
import { getJson } from './get-json';
import type { UserFieldsFragment } from '../gql/graphql';
import { gql, graphql, sessionRefusals, withFragments } from './graphql';
import { queryKeys } from './query-keys';

/**
 * Every document that returns the signed-in user asks for the same fields, so none loses
 * one. `is_admin` only shows the console link: the server checks the role on every admin call.
 */
export const UserFields = graphql(`
  fragment UserFields on User {
    user_id
    full_name
    phone
    payment_status
    subscribed
    is_admin
    state_code
  }
`);

/** The signed-in learner, as every document and the session GET return them. */
export type SessionUser = UserFieldsFragment;

/**
 * The session user, with the learner's progress and the catalogue's address, as one plain
 * GET the page shell can preload (server: learner-routes.ts).
 */
const SESSION_PATH = '/api/session';
const LoginUser = withFragments(
  graphql(`
    mutation LoginUser($email: String!, $password: String!) {
      loginUser(email: $email, password: $password) {
        ...UserFields
      }
    }
  `),
  UserFields,
);
const SignupUser = withFragments(
  graphql(`
    mutation SignupUser($input: SignupInput!) {
      signupUser(input: $input) {
        ...UserFields
      }
    }
  `),
  UserFields,
);
const LogoutUser = graphql(`
  mutation LogoutUser {
    logoutUser
  }
`);

export interface SignupFields {
  email: string;
  password: string;
  confirm_password: string;
  full_name: string;
  phone: string;
}

type SessionState = { status: 'loading'; user: null } | { status: 'ready'; user: SessionUser | null };

interface SessionApi {
  state: SessionState;
  login(email: string, password: string): Promise<SessionUser>;
  signup(fields: SignupFields): Promise<SessionUser>;
  logout(): Promise<void>;
  /**
   * Asks the server again. An answer of no one while a learner was signed in here means
   * their session ended (see `ended`).
   */
  refresh(): Promise<SessionUser | null>;
  /** Replaces the cached user with what the server just returned. */
  setUser(user: SessionUser | null): void;
  /**
   * Forgets the learner here after the server has already ended the session (the
   * account was deleted); `notice` is shown once on the landing page.
   */
  forgetSession(notice: string): void;
  /** A short message for the landing page after the session ended, or null. */
  notice: string | null;
  /**
   * The server ended the session of the learner signed in here without them signing out
   * on this page (signed out from another device, or expired): protected pages then say
   * so and offer to log in again (RequireUser).
   */
  ended: boolean;
}

const SessionContext = createContext<SessionApi | null>(null);

/** GET /api/session's answer, kept in the query cache under `queryKeys.session`. */
export type SessionDocument = { me: SessionUser | null } & SessionCourseData;

/**
 * Holds the signed-in learner as the server reports it. The cookie is HttpOnly, so the
 * only way to know who is signed in is to ask; until the answer arrives the state is
 * "loading" and protected screens wait rather than guess.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A page the server rendered for the signed-in learner (docs/decisions/0043) carries
  // their session document in the query cache: the first render shows them, as the
  // server's did, and nothing asks who is signed in.
  const [rendered] = useState(() => queryClient.getQueryData<SessionDocument>(queryKeys.session)?.me ?? null);
  const [state, setState] = useState<SessionState>(
    rendered ? { status: 'ready', user: rendered } : { status: 'loading', user: null },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  // Whether a learner is signed in on this page, for answers that arrive later.
  const signedIn = useRef(rendered !== null);
  // Counts the changes of user made on this page. The session document answers for the
  // moment it was asked: if the user changed meanwhile (a sign-in that finished before the
  // page's first answer, say), the answer is out of date and is dropped, not applied last.
  const changes = useRef(0);

  // Whose server state the query cache holds, if anyone's.
  const cachedFor = useRef<string | null>(rendered?.user_id ?? null);

  const setUser = useCallback(
    (user: SessionUser | null) => {
      changes.current += 1;
      signedIn.current = user !== null;
      // Someone else signed in on this page without signing the last learner out (a
      // password-reset link opened in their tab): nothing of the last learner's stays.
      if (user && cachedFor.current !== null && cachedFor.current !== user.user_id) queryClient.clear();
      cachedFor.current = user?.user_id ?? null;
      setState({ status: 'ready', user });
      setEnded(false);
      // A notice belongs to the signed-out moment it reports; signing in again ends it.
      if (user) setNotice(null);
    },
    [queryClient],
  );

  // Everything the server told this page about the learner goes with them, so the next
  // one on the device sees nothing of theirs (their lessons' answers, progress, account).
  const forgetServerState = useCallback(() => queryClient.clear(), [queryClient]);

  const forgetSession = useCallback(
    (message: string) => {
      forgetServerState();
      setNotice(message);
      setUser(null);
    },
    [forgetServerState, setUser],
  );

  /**
   * Asks the server who is signed in and, unless the user changed on this page meanwhile,
   * applies the answer (through `apply`) with the progress that came with it. Returns the
   * server's answer either way.
   */
  const askWhoIsSignedIn = useCallback(
    async (apply: (user: SessionUser | null) => void) => {
      const asked = changes.current;
      // A plain GET, not a cached query: each question answers for the moment it was asked
      // (the counter above orders them), so two must never be merged into one request.
      const data = await getJson<SessionDocument>(SESSION_PATH);
      if (changes.current === asked) {
        apply(data.me);
        // Into the query cache (after `apply`, which may clear it for another learner): the
        // catalogue's address, and the progress, as fresh as the page, which the screen the
        // page opens on takes instead of asking again (course-api.ts).
        queryClient.setQueryData(queryKeys.session, data);
        if (data.me && data.progress) queryClient.setQueryData(queryKeys.progress(data.me.user_id), data.progress);
      }
      return data.me;
    },
    [queryClient],
  );

  const refresh = useCallback(
    () =>
      askWhoIsSignedIn((me) => {
        const endedHere = me === null && signedIn.current;
        setUser(me);
        if (endedHere) {
          forgetServerState();
          setEnded(true);
        }
      }),
    [askWhoIsSignedIn, forgetServerState, setUser],
  );

  // A request refused for want of a session, while a learner is signed in here: ask the
  // server who is signed in (one question at a time). No one: the session ended. Someone:
  // the learner signed in again in another tab meanwhile, and this page follows.
  useEffect(() => {
    let asking = false;
    const onRefused = () => {
      if (!signedIn.current || asking) return;
      asking = true;
      refresh()
        .catch((error: unknown) => console.warn('Reading the session failed', error))
        .finally(() => (asking = false));
    };
    sessionRefusals.addEventListener('refused', onRefused);
    return () => sessionRefusals.removeEventListener('refused', onRefused);
  }, [refresh]);

  // The first answer opens the first screen: a transition, so React renders that screen
  // in slices rather than in one long task while the page is still loading. Every other
  // change of user stays urgent: a sign-in navigates straight after setting the user,
  // and the next screen's guard must find that user in the same render.
  useEffect(() => {
    if (rendered) return;
    const asked = changes.current;
    askWhoIsSignedIn((me) => startTransition(() => setUser(me))).catch(() => {
      if (changes.current === asked) setUser(null);
    });
  }, [askWhoIsSignedIn, setUser, rendered]);

  const api = useMemo<SessionApi>(
    () => ({
      state,
      notice,
      ended,
      setUser,
      forgetSession,
      refresh,
      login: async (email, password) => {
        const data = await gql(LoginUser, { email, password });
        setUser(data.loginUser);
        return data.loginUser;
      },
      signup: async (input) => {
        const data = await gql(SignupUser, { input });
        setUser(data.signupUser);
        return data.signupUser;
      },
      logout: async () => {
        try {
          await gql(LogoutUser);
        } finally {
          forgetServerState();
          setUser(null);
        }
      },
    }),
    [state, notice, ended, setUser, forgetSession, forgetServerState, refresh],
  );

  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession must be used inside <SessionProvider>');
  return api;
}

/** The signed-in user; only for screens behind <RequireUser>. */
export function useSignedInUser(): SessionUser {
  const { state } = useSession();
  if (!state.user) throw new Error('useSignedInUser needs a signed-in user (wrap the route in <RequireUser>)');
  return state.user;
}
