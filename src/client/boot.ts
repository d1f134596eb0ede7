// The page's entry (index.html). Its styles are here so they stay one render-blocking stylesheet
// in the head. On a page the server drew (decision 015) the app's code starts once the page is
// painted: after the load event (the stylesheet, the font and the hero image are in) and one
// frame. The visitor sees the page while the bundle downloads and hydrates, instead of the
// bundle competing with them for the first paint.
import "./styles.css";
import "./features/public/public.css";

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./main");
};
const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));

if (document.getElementById("root")?.firstElementChild && document.visibilityState === "visible") {
  if (document.readyState === "complete") afterNextFrame();
  else addEventListener("load", afterNextFrame, { once: true });
  // an image that never arrives must not leave the page without its code
  setTimeout(start, 3000);
} else {
  // nothing drawn yet (admin, 404, no SSR build), or a hidden tab that draws no frames
  start();
}
