import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-ssrf-stock-check',
  moduleId: 'web-application',
  lessonNumber: 14,
  title: 'Delete carlos through the stock checker',
  difficulty: 'Beginner',
  objective:
    "The shop's admin interface only answers requests from its internal network, but the shop's stock checker fetches any URL it is given. Make the server delete the user carlos through its admin interface; the lab then shows your flag.",
  hints: [
    'Open a product, press "Check stock", and read what the result page says the stock checker fetched. Then try /admin in the address bar.',
    'The URL travels in a hidden form field, stockApi. In the request editor, send POST /stock with a body of your own: stockApi=<any URL you like>.',
    'To the server, the admin interface is on its own loopback address: try stockApi=http://localhost/admin and read the links it lists.',
  ],
  writeup: `1. Open a product and press **Check stock**. The result page says the stock checker fetched
   \`http://stock.internal:8080/check?id=3\`: the browser sent a whole URL, and the server fetched it.
2. Open \`/admin\` (it is in \`/robots.txt\` too). It answers 403: only reachable from the internal network.
3. Open the **Request editor**. Method \`POST\`, path \`/stock\`, body
   \`stockApi=http://localhost/admin\`, and Send. The response holds the admin interface, fetched by the
   server from its own loopback address, with a Delete link for each user.
4. Send again with the body \`stockApi=http://localhost/admin/delete?username=carlos\`. The admin
   interface deletes carlos, and the lab is solved and shows your flag.

\`http://127.1/…\`, \`http://[::1]/…\` and \`http://admin.internal/…\` work too: the URL is parsed like a
real client parses it, so every spelling of loopback reaches the same place.

**Why it works.** This is server-side request forgery. The stock checker makes a GET request to any
http URL in \`stockApi\`, from inside the network. The admin interface decides who is staff by the
address a request comes from, and a request from the shop's own server comes from \`127.0.0.1\`. So
the server, acting for you, passes the check you failed in step 2.

**The fix.** Do not take a URL from the client at all: send only the product id, and let the server
build \`http://stock.internal:8080/check?id=<id>\` itself. If a feature truly needs user URLs, allow
only listed hosts, resolve the name once, check the resulting IP, connect to that IP, and do not
follow redirects. And an admin interface needs a real login: "the request came from inside" is not
authentication.`,
};

export default lab;
