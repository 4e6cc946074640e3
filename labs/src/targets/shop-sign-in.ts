// The staff sign-in form of the two SQL-injection shops (UNION and blind): the same shop
// software, so the same page. It posts to `login`, relative to the instance.

export function staffSignInForm(message = ''): string {
  return `<h1>Staff sign-in</h1>
${message}
<form method="post" action="login" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<p><a href="./">Back to the shop</a></p>`;
}
