// "A new version is ready": the service worker serves every load from its cache at once and asks
// the server for a newer build afterwards (sw.js). A newer build found then installs beside this
// one and waits; this line says so, and the next load (or "Reload now") opens it.
import * as act from "../actions/index.js";

/** True when `worker` is a newer build installed beside the one controlling this page (not a
 * first install, which takes over by itself).
 * @param {ServiceWorker | null | undefined} worker */
function isUpdate(worker) {
  return Boolean(worker && worker.state === "installed" && navigator.serviceWorker.controller);
}

/** Show the line in `root` once a newer build waits.
 * @param {HTMLElement} root @param {any} store @param {Promise<ServiceWorkerRegistration>} registered */
export function mount(root, store, registered) {
  const show = () => {
    root.hidden = false;
  };
  root.querySelector("button")?.addEventListener("click", () => {
    act.persist(store);
    location.reload();
  });
  registered.then((reg) => {
    if (isUpdate(reg.waiting)) show();
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next?.addEventListener("statechange", () => {
        if (isUpdate(next)) show();
      });
    });
  }).catch(() => {
    /* offline use is a bonus; the app works without it */
  });
}
