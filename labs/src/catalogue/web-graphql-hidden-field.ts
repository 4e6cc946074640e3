import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-graphql-hidden-field',
  moduleId: 'web-application',
  lessonNumber: 18,
  title: "Sign in with the administrator's hidden API key",
  difficulty: 'Intermediate',
  objective:
    "Haat Bazaar's pages load their data from a GraphQL API that returns more than the shop shows. Find the administrator's API key through it and sign in to the staff console with it; the console then shows your flag.",
  hints: [
    'Open "How this page gets its data" on the shop page: which endpoint does the page call, and which fields of a seller does it ask for?',
    'Send that request yourself from the request editor (POST /graphql, header Content-Type: application/json), then ask the API to describe itself with __type(name: "User").',
    'User has a field the shop never shows. Ask for it on user(id: 1), then paste it into Staff sign-in.',
  ],
  writeup: `The shop page shows its own request in **How this page gets its data**: \`POST graphql\` with
a JSON body, asking for \`seller { id username }\`. Open the **Request editor**, choose \`POST\`, path
\`/graphql\`, header \`Content-Type: application/json\`, and this body:

\`\`\`json
{"query": "{ __type(name: \\"User\\") { fields { name description } } }"}
\`\`\`

Introspection is on, so the API lists every field of \`User\`: \`id\`, \`username\`, \`email\`, \`role\`
and \`apiKey\`, described as the key for the staff console. (\`{ __schema { queryType { fields { name } } } }\`
also shows the hidden \`adminNotes\`, which names \`/admin-login\`.) The storefront links sellers by id;
the administrator is \`1\`. Send

\`\`\`json
{"query": "{ user(id: 1) { username role apiKey } }"}
\`\`\`

and the key comes back, because the resolver returns the whole account to anyone and no field checks
who is asking. Copy it, open **Staff sign-in**, paste it and sign in: the console shows the flag.

**Why it works:** the front end choosing \`id username\` is not access control. Every field in the
schema is reachable by every client, and introspection hands out the map.

**The fix:** authorize in the resolver, per field: \`apiKey\` (and \`email\`) only for the account's
owner, from the session's identity. Keep secrets out of general-purpose types, disable introspection
and field suggestions on the public API, and limit query depth and cost.`,
};

export default lab;
