// React DOM's client entry as app code sees it in the client build (see ../framework-facades.ts).
import ReactDOMClient from "react-dom/client";

export const { hydrateRoot } = ReactDOMClient;
