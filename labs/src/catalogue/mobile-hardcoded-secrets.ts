import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'mobile-hardcoded-secrets',
  moduleId: 'mobile-hacking',
  lessonNumber: 4,
  title: 'Find the API key hidden in a decompiled APK',
  difficulty: 'Beginner',
  objective:
    'TazaTokri’s Android app carries a key for its store-operations API. Find it in the decompiled APK, decode it, and use it to list today’s orders from GET /api/v1/admin/orders; the answer then shows your flag.',
  hints: [
    'Search the decompiled code for the header an admin API would want, such as X-Api-Key, and look at the Retrofit interface that sends it.',
    'Find who calls listOrders: the key comes from b.a() in the R8-renamed package in.tazatokri.app.c. Read what a() does to its three strings, in order.',
    'Join the pieces in the order a() appends them, then in the decoder run Reverse and then From Base64. Send the result as X-Api-Key: … in the request editor.',
  ],
  writeup: `1. In the decompiled app, search for \`X-Api-Key\`. **OpsApi.java** has
\`@GET("api/v1/admin/orders") listOrders(@Header("X-Api-Key") String, …)\`.
2. Search for \`listOrders\`: **StoreOpsActivity** calls it with \`b.a()\`, from the R8-renamed
class \`in.tazatokri.app.c.b\`.
3. **b.java** keeps three strings in an array and \`a()\` appends elements 2, 0 and 1, reverses
the result (\`StringBuilder.reverse()\`) and Base64-decodes it. The first piece starts with \`=\`:
Base64 padding, read backwards.
4. Join the pieces in that order, paste them into the **Decoder**, choose *Reverse*, then *From
Base64*: out comes \`ttk_ops_…\`.
5. Press *Open GET /api/v1/admin/orders in the request editor*, replace the placeholder with
\`X-Api-Key: ttk_ops_…\` and send. The answer lists every store's orders, with customers' phone
numbers and addresses, and your flag.

\`ops_key_legacy\` in strings.xml decodes too, but the server has revoked it; the Maps and Razorpay
values there are client identifiers meant to ship in an app, not findings on their own.

**Why it works:** whatever an app needs at run time is inside the APK. Splitting, reversing or
encoding a string only stops a naive grep; anyone can follow the code that puts it back together.

**The fix:** keep privileged keys out of the client. Staff screens should sign staff in and get a
short-lived, per-user token from the server, and the orders API should check that user\u2019s role
and store instead of a shared key. Rotate the leaked key.`,
};

export default lab;
