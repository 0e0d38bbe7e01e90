// Who is using this browser: the account or guest behind the session cookie.
//
// The cookie itself is HttpOnly, so the page never sees it; it asks the server (`/api/auth/me`)
// and every sign-in call answers with the user. Pages share these functions and the small header
// widget, so the table page and the lobby show the same name and the same "Sign out".

import { api, ApiError } from './net.js';

function userFrom(answer) {
  if (!answer) return null;
  if (answer.user !== undefined) return answer.user;
  return answer.id !== undefined ? answer : null;
}

/** The signed-in user `{id, name, guest}`, or null when nobody is. */
export async function currentUser() {
  try {
    return userFrom(await api('GET', '/api/auth/me'));
  } catch (error) {
    // A server without accounts (or without a session for us) means: nobody is signed in.
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export async function signInAsGuest(name) {
  return userFrom(await api('POST', '/api/auth/guest', { name }));
}

export async function signIn(name, password) {
  return userFrom(await api('POST', '/api/auth/login', { name, password }));
}

export async function register(name, password) {
  return userFrom(await api('POST', '/api/auth/register', { name, password }));
}

export async function signOut() {
  await api('POST', '/api/auth/logout');
}

/**
 * Fill the header's account area (`[data-testid=account]`) for `user`. After a successful
 * sign-out `onSignedOut()` runs; a refused one calls `onError(message)`. The caller shows or hides
 * its own sign-in forms.
 */
export function showAccount(root, user, { onSignedOut = () => location.reload(), onError = console.error } = {}) {
  const box = root.querySelector('[data-testid="account"]');
  if (!box) return;
  box.hidden = !user;
  if (!user) return;
  box.querySelector('[data-testid="account-name"]').textContent = user.name;
  box.querySelector('[data-testid="account-guest"]').hidden = !user.guest;
  const button = box.querySelector('[data-testid="sign-out"]');
  button.onclick = async () => {
    button.disabled = true;
    try {
      await signOut();
      onSignedOut();
    } catch (error) {
      onError(error.message);
    } finally {
      button.disabled = false;
    }
  };
}
