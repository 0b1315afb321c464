// The bearer token and the signed-in user.
//
// Why sessionStorage: the token dies with the tab, is not sent with every request the way a
// cookie is (so no CSRF), and a second tab must log in for itself. The user record is kept in
// memory only and fetched again from /api/v1/me at each start.

const TOKEN = 'campuscal.token';
const listeners = new Set();

export const session = {
  user: null,
  get token() { return sessionStorage.getItem(TOKEN); },
  /** The student's zone: their setting, else the browser's. */
  get tz() { return (this.user && this.user.timeZone) || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'; },
  get isAdmin() { return !!this.user && this.user.role === 'admin'; },

  start(token, user) {
    sessionStorage.setItem(TOKEN, token);
    this.user = user;
    emit('login');
  },
  setUser(user) { this.user = user; emit('user'); },
  /** Forget the session locally (after logout, or when the server says it has ended). */
  end(reason) {
    const had = !!this.token;
    sessionStorage.removeItem(TOKEN);
    this.user = null;
    if (had) emit('logout', reason);
  },
  on(fn) { listeners.add(fn); return () => listeners.delete(fn); },
};

function emit(kind, detail) { for (const fn of listeners) fn(kind, detail); }
