// The administration pages' own navigation and heading (only shown when me.role is admin; the
// server refuses the calls to anyone else anyway).

import { h } from '../dom.js';

const PAGES = [['users', 'Users'], ['plugins', 'Plugins and health'], ['notices', 'Maintenance notices'], ['disclosures', 'Disclosure log']];

export function adminHead(current, title) {
  return [h('h1', null, title), h('nav', { class: 'toolbar sub-nav', 'aria-label': 'Administration' }, PAGES.map(([p, label]) =>
    h('a', { class: 'button secondary small', href: '#/admin/' + p, testid: 'admin-nav-' + p, 'aria-current': p === current ? 'page' : null }, label)))];
}
