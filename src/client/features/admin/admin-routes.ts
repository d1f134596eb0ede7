import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Every admin page of spec section 2, each its own lazy chunk. Paths are relative to /admin.
 * A resource folder owns its pages; this table only says where they live.
 */
export interface AdminRoute {
  path: string;
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string | undefined> }>>;
}

const page = (load: () => Promise<{ default: ComponentType<any> }>) => lazy(load);

export const adminRoutes: AdminRoute[] = [
  { path: "/", page: page(() => import("./dashboard/dashboard-page")) },
  { path: "/shows", page: page(() => import("./shows/shows-page")) },
  { path: "/shows/add", page: page(() => import("./shows/show-form-page")) },
  { path: "/shows/edit/:id", page: page(() => import("./shows/show-form-page")) },
  { path: "/merchandise", page: page(() => import("./merchandise/merchandise-page")) },
  { path: "/merchandise/add", page: page(() => import("./merchandise/merchandise-form-page")) },
  { path: "/merchandise/edit/:id", page: page(() => import("./merchandise/merchandise-form-page")) },
  { path: "/audio", page: page(() => import("./audio/audio-page")) },
  { path: "/audio/add", page: page(() => import("./audio/audio-add-page")) },
  { path: "/audio/edit/:id", page: page(() => import("./audio/audio-edit-page")) },
  { path: "/videos", page: page(() => import("./videos/videos-page")) },
  { path: "/videos/add", page: page(() => import("./videos/video-form-page")) },
  { path: "/videos/edit/:id", page: page(() => import("./videos/video-form-page")) },
  { path: "/lyrics", page: page(() => import("./lyrics/lyrics-page")) },
  { path: "/lyrics/add", page: page(() => import("./lyrics/lyrics-form-page")) },
  { path: "/lyrics/auto-add", page: page(() => import("./lyrics/lyrics-auto-add-page")) },
  { path: "/lyrics/edit/:id", page: page(() => import("./lyrics/lyrics-form-page")) },
  { path: "/band-members", page: page(() => import("./band-members/band-members-page")) },
  { path: "/band-members/add", page: page(() => import("./band-members/band-member-form-page")) },
  { path: "/band-members/edit/:id", page: page(() => import("./band-members/band-member-form-page")) },
  { path: "/subscribers", page: page(() => import("./subscribers/subscribers-page")) },
  { path: "/subscribers/newsletter", page: page(() => import("./subscribers/newsletter-page")) },
  { path: "/users", page: page(() => import("./users/users-page")) },
  { path: "/users/add", page: page(() => import("./users/user-form-page")) },
  { path: "/users/edit/:id", page: page(() => import("./users/user-form-page")) },
  { path: "/messages", page: page(() => import("./messages/messages-page")) },
  { path: "/settings", page: page(() => import("./settings/settings-page")) },
  { path: "/test-upload", page: page(() => import("./test-upload/test-upload-page")) },
];
