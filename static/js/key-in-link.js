// A scorer's link /m/<id>#<key> (the API's links.scorer): the key after "#" never travels to the server, so
// the sheet refused this phone. Post the key in the form the refusal page carries (with its CSRF token), take
// it out of the address bar and the history first, and land on the sheet. Without this script the edit link
// /m/<id>/join?key=… still opens the match.
(function () {
  "use strict";
  const form = document.getElementById("key-in-link");
  let key = window.location.hash.replace(/^#(key=)?/, "");
  try { key = decodeURIComponent(key); } catch (error) { /* the key as written */ }
  if (!form || !key) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  form.elements.key.value = key;
  form.hidden = false;
  form.submit();
})();
