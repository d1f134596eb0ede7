import { useQuery } from "@tanstack/react-query";
import { dashboardApi, type BackupStatus, type DashboardCounts } from "@shared/api/dashboard";
import { merchandiseApi, type Merchandise } from "@shared/api/merchandise";
import { showsApi, type Show } from "@shared/api/shows";
import { videosApi, type Video } from "@shared/api/videos";
import { urlQuery } from "@client/lib/query-client";

// The same keys as the shows, merchandise and videos pages use: one cache entry each, refreshed by their writes.
export const useDashboardShows = () => useQuery(urlQuery<Show[]>(showsApi.list));
export const useDashboardMerchandise = () => useQuery(urlQuery<Merchandise[]>(merchandiseApi.list));
export const useDashboardVideos = () => useQuery(urlQuery<Video[]>(videosApi.list));
/** Subscribers and unread messages (their writes refresh it: subscriberListKeys, messageListKeys). */
export const useDashboardCounts = () => useQuery(urlQuery<DashboardCounts>(dashboardApi.counts));
/** The last backup and BACKUP_SCHEDULE (the dashboard's backup line). */
export const useBackupStatus = () => useQuery(urlQuery<BackupStatus>(dashboardApi.backupStatus));
