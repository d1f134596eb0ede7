import { formPage } from "../components/form-page";
import { useVideo } from "./api";
import { VideoForm } from "./video-form";

/** /admin/videos/add and /admin/videos/edit/{id}. */
export default formPage({ useRecord: useVideo, width: "5xl", listHref: "/videos", notFound: "Video not found.", add: ["Add Video", "Add a video to the website."], edit: ["Edit Video", "Change this video's details."], form: (video) => <VideoForm key={video?.id} video={video} /> });
