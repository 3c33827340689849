// The mock's stand-in for Cloudflare's Turnstile script (challenges.cloudflare.com/turnstile/v0/api.js),
// which an offline page cannot load: the same `window.turnstile` API, with a plain checkbox for the
// challenge, whose token the mock issues and its protected endpoints accept.
//
// Plain ES2017 in a string, built from DOM calls: no framework, no markup parsed from text, no inline
// handler or style attribute a strict Content-Security-Policy would block (styles are set through the
// CSSOM, which CSP allows). Only the page's script-src must allow the mock's origin.

export interface TurnstileScriptOptions {
  /** Where the widget asks for a token when it is loaded otherwise than by a <script src> (eval in a test). */
  tokenUrl: string
  /** The `onload` query parameter: a global function to call once `window.turnstile` exists. */
  onload?: string | undefined
  /** The `render` query parameter: 'explicit' turns off rendering of `.cf-turnstile` elements at load. */
  render?: string | undefined
}

export function turnstileScript(options: TurnstileScriptOptions): string {
  return `// auth-proxy-kit mock: a test stand-in for Cloudflare Turnstile. Not a bot check.
(function () {
  'use strict';
  var config = ${JSON.stringify({ tokenUrl: options.tokenUrl, onload: options.onload ?? null, implicit: options.render !== 'explicit' })};
  function loaded() {
    if (config.onload && typeof window[config.onload] === 'function') window[config.onload]();
  }
  // Loaded twice: the first copy's widgets stay its own.
  if (window.turnstile) return loaded();
  var script = document.currentScript;
  // Beside this script, wherever it is served from (a basePath, another origin): ../token.
  var tokenUrl = script && script.src ? new URL('../token', script.src).href : config.tokenUrl;
  var widgets = new Map();
  var count = 0;
  var last;

  function element(container) {
    if (typeof container !== 'string') return container;
    var found = document.getElementById(container.replace(/^#/, ''));
    if (found) return found;
    try { return document.querySelector(container); } catch (error) { return null; }
  }
  function find(target) {
    if (target === undefined) return widgets.get(last);
    if (widgets.has(target)) return widgets.get(target);
    var node = element(target);
    var match;
    widgets.forEach(function (widget) { if (widget.container === node || widget.box === node) match = widget; });
    return match;
  }
  function call(callback, value) {
    if (typeof callback === 'function') callback(value);
  }
  function show(widget, text) { widget.status.textContent = text; }
  function release(widget) {
    widget.input.removeAttribute('aria-disabled');
    widget.busy = false;
  }
  function clear(widget) {
    clearTimeout(widget.timer);
    widget.run += 1;
    widget.token = undefined;
    widget.expired = false;
    if (widget.field) widget.field.value = '';
    widget.input.checked = false;
    release(widget);
    show(widget, '');
  }
  function paint(box, theme) {
    var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var style = box.style;
    style.display = 'flex';
    style.flexWrap = 'wrap';
    style.alignItems = 'center';
    style.gap = '.5rem 1rem';
    style.padding = '.75rem 1rem';
    style.border = '1px solid ' + (dark ? '#555' : '#ccc');
    style.borderRadius = '6px';
    style.background = dark ? '#232323' : '#fafafa';
    style.color = dark ? '#eee' : '#222';
    style.font = '14px/1.4 system-ui, sans-serif';
  }

  function verify(widget) {
    var run = widget.run;
    widget.busy = true;
    widget.input.setAttribute('aria-disabled', 'true');
    show(widget, 'Verifying\\u2026');
    fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: widget.params.sitekey }),
      credentials: 'omit',
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok) return body;
          // Cloudflare's codes: 110100 invalid site key, 110200 domain not allowed.
          var failure = new Error(body && body.message ? body.message : 'HTTP ' + response.status);
          failure.code = body && body.code === 5 ? '110100' : body && body.code === 7 ? '110200' : '600010';
          throw failure;
        });
      })
      .then(function (body) {
        if (widget.run !== run || !widgets.has(widget.id)) return;
        release(widget);
        widget.token = body.token;
        if (widget.field) widget.field.value = body.token;
        show(widget, 'Verified');
        widget.timer = setTimeout(function () { expire(widget); }, body.expiresInSeconds * 1000);
        call(widget.params['after-interactive-callback']);
        call(widget.params.callback, body.token);
      })
      .catch(function (error) {
        if (widget.run !== run || !widgets.has(widget.id)) return;
        clear(widget);
        show(widget, 'Verification failed: ' + error.message);
        call(widget.params['error-callback'], error.code || '600010');
      });
  }
  function expire(widget) {
    var token = widget.token;
    clear(widget);
    widget.expired = true;
    show(widget, 'Expired: check the box again');
    call(widget.params['expired-callback'], token);
  }

  function render(container, params) {
    var node = element(container);
    if (!node) throw new Error('[mock turnstile] render: no element ' + String(container));
    params = params || {};
    if (typeof params.sitekey !== 'string' || params.sitekey === '') {
      throw new Error('[mock turnstile] render: params.sitekey is required');
    }
    count += 1;
    var id = 'mock-turnstile-' + count;
    var box = document.createElement('div');
    box.id = id;
    box.className = 'mock-turnstile';
    var label = document.createElement('label');
    var input = document.createElement('input');
    input.type = 'checkbox';
    if (typeof params.tabindex === 'number') input.tabIndex = params.tabindex;
    label.appendChild(input);
    label.appendChild(document.createTextNode(" I'm not a robot (test captcha)"));
    var status = document.createElement('span');
    status.setAttribute('role', 'status');
    box.appendChild(label);
    box.appendChild(status);
    var field;
    if (params['response-field'] !== false) {
      field = document.createElement('input');
      field.type = 'hidden';
      field.name = params['response-field-name'] || 'cf-turnstile-response';
      box.appendChild(field);
    }
    paint(box, params.theme);
    node.appendChild(box);
    var widget = { id: id, container: node, box: box, input: input, status: status, field: field, params: params, run: 0, busy: false, expired: false, token: undefined, timer: undefined };
    // Once checked, the box stays checked until reset or expiry, as Cloudflare's does; click is
    // cancelled rather than the input disabled, so that keyboard focus stays on it.
    input.addEventListener('click', function (event) {
      if (widget.busy || widget.token !== undefined) event.preventDefault();
    });
    input.addEventListener('change', function () {
      if (input.checked) verify(widget);
    });
    widgets.set(id, widget);
    last = id;
    call(params['before-interactive-callback']);
    return id;
  }

  function implicitRender() {
    var named = function (name) { return name && typeof window[name] === 'function' ? window[name] : undefined; };
    document.querySelectorAll('.cf-turnstile').forEach(function (node) {
      if (find(node)) return;
      var data = node.dataset;
      render(node, {
        sitekey: data.sitekey,
        theme: data.theme,
        callback: named(data.callback),
        'error-callback': named(data.errorCallback),
        'expired-callback': named(data.expiredCallback),
      });
    });
  }

  window.turnstile = {
    render: render,
    reset: function (target) { var widget = find(target); if (widget) clear(widget); },
    remove: function (target) {
      var widget = find(target);
      if (!widget) return;
      clear(widget);
      widget.box.remove();
      widgets.delete(widget.id);
    },
    getResponse: function (target) { var widget = find(target); return widget ? widget.token : undefined; },
    isExpired: function (target) { var widget = find(target); return widget ? widget.expired : false; },
    execute: function (target, params) { if (!find(target)) render(target, params); },
    ready: function (callback) { callback(); },
    implicitRender: implicitRender,
  };
  if (config.implicit) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', implicitRender);
    else implicitRender();
  }
  loaded();
})();
`
}
