// The JSX runtime as app code sees it in the client build (see ../framework-facades.ts).
import * as runtime from "react/jsx-runtime";

export const { Fragment, jsx, jsxs } = runtime;
