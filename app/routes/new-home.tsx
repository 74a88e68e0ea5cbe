// /new/home: the homepage content with the site layout turned off.
import type { RouteHandle } from "~/root";
import Home, { loader, meta } from "./home";

export const handle: RouteHandle = { layout: false };
export { loader, meta };
export default Home;
