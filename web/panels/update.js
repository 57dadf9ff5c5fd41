// "A new version is ready": the service worker serves every load from its cache at once (sw.js);
// this page then asks the server for a newer build. One found installs beside this build and
// waits; this line says so, and the next load (or "Reload now") opens it.
import * as act from "../actions/index.js";

/** How often the page wakes this build's worker while a newer one waits (its idle limit is 30 s). */
const STAY_MS = 10_000;

/** True when `worker` is a newer build installed beside the one controlling this page (not a
 * first install, which takes over by itself).
 * @param {ServiceWorker | null | undefined} worker */
function isUpdate(worker) {
  return Boolean(worker && worker.state === "installed" && navigator.serviceWorker.controller);
}

/** Resolves when a new worker controls this page, or after `ms`. @param {number} ms */
function controllerChange(ms) {
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    setTimeout(resolve, ms);
  });
}

/** Show the line in `root` once a newer build waits.
 * @param {HTMLElement} root @param {any} store @param {Promise<ServiceWorkerRegistration>} registered */
export function mount(root, store, registered) {
  let shown = false;
  /** @param {ServiceWorkerRegistration} reg */
  const show = (reg) => {
    if (shown) return;
    shown = true;
    root.hidden = false;
    // A load while this build's worker is stopped is read from its cache without it (its static
    // route), which cannot hand over to the newer build: keep it running until this page goes.
    const stay = () => reg.active?.postMessage("stay");
    stay();
    setInterval(stay, STAY_MS);
    root.querySelector("button")?.addEventListener("click", async () => {
      act.persist(store);
      reg.waiting?.postMessage("take-over");
      await controllerChange(3000);
      location.reload();
    });
  };
  registered.then((reg) => {
    // A return visit (this page came from the cache): ask the server for a newer build. A first
    // visit has just fetched this one.
    if (navigator.serviceWorker.controller) reg.update().catch(() => {});
    if (isUpdate(reg.waiting)) show(reg);
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next?.addEventListener("statechange", () => {
        if (isUpdate(next)) show(reg);
      });
    });
  }).catch(() => {
    /* offline use is a bonus; the app works without it */
  });
}
