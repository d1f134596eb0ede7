// The page's entry (index.html). Its styles are here so they stay one render-blocking stylesheet
// in the head. The app's code starts after the first paint when the server drew the page
// (decision 015): the visitor sees the page while the bundle downloads and hydrates, instead
// of the bundle competing with the stylesheet, the font and the hero image for the first paint.
import "./styles.css";
import "./features/public/public.css";

const start = () => void import("./main");
if (document.getElementById("root")?.firstElementChild && document.visibilityState === "visible") {
  // a frame is drawn after requestAnimationFrame's callbacks; the timeout runs after that frame
  // (a hidden tab draws no frames: it starts at once)
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
