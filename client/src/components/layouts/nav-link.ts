/** One link of an area's navigation; app/routes.ts derives them from the route table. */
export type NavLink = {
  href: string;
  label: string;
  /** The area's landing screen: its link is also the current one at "/". */
  isHome: boolean;
};
