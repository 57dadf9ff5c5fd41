// For pages other than the app (the demos): register the service worker and have it keep every
// file this page has loaded, so the page works offline from the next visit on. Resolves once the
// files are kept (and sets <body data-offline="kept">); never rejects: offline use is a bonus.
export async function keepPageOffline(swUrl) {
  try {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return false;
    await navigator.serviceWorker.register(swUrl);
    const reg = await navigator.serviceWorker.ready;
    const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
    const kept = new Promise((resolve) => {
      const onMessage = (e) => {
        if (e.data?.type !== "kept") return;
        navigator.serviceWorker.removeEventListener("message", onMessage);
        resolve(true);
      };
      navigator.serviceWorker.addEventListener("message", onMessage);
      navigator.serviceWorker.startMessages();
    });
    reg.active.postMessage({ type: "keep", urls });
    await kept;
    document.body.dataset.offline = "kept";
    return true;
  } catch {
    return false;
  }
}
