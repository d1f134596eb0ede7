import { FormPage } from "../components/form-page";
import { useVideo } from "./api";
import { VideoForm } from "./video-form";

/** /admin/videos/add and /admin/videos/edit/{id}. */
export default function VideoFormPage({ params }: { params: { id?: string } }) {
  return (
    <FormPage
      id={params.id}
      useRecord={useVideo}
      width="5xl"
      title={{ add: "Add Video", edit: "Edit Video" }}
      subtitle={{ add: "Add a video to the website.", edit: "Change this video's details." }}
      notFound="Video not found."
      listHref="/videos"
      form={(video) => <VideoForm key={video?.id} video={video} />}
    />
  );
}
