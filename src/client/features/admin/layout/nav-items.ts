import { Calendar, Disc3, Newspaper, ChartLine, History, FileText, Inbox, LayoutDashboard, Mail, Music, Settings, Shirt, UserCog, Users, Video, type LucideIcon } from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  // issue 23: visits, places and clicks
  { label: "Insights", href: "/insights", icon: ChartLine },
  { label: "Shows", href: "/shows", icon: Calendar },
  { label: "Merchandise", href: "/merchandise", icon: Shirt },
  { label: "Audio", href: "/audio", icon: Music },
  // issue 25: release pages, the countdown, notify-me and the free download
  { label: "Releases", href: "/releases", icon: Disc3 },
  { label: "Videos", href: "/videos", icon: Video },
  { label: "Lyrics", href: "/lyrics", icon: FileText },
  { label: "Band Members", href: "/band-members", icon: Users },
  { label: "Subscribers", href: "/subscribers", icon: Mail },
  { label: "Messages", href: "/messages", icon: Inbox },
  // issue 25: the press kit and its private links
  { label: "Press Kit", href: "/press", icon: Newspaper },
  { label: "Users", href: "/users", icon: UserCog },
  { label: "Settings", href: "/settings", icon: Settings },
  // issue 13: who changed what
  { label: "Activity", href: "/activity", icon: History },
];
