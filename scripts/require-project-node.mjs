// Imported first by the project's entry points: on a Node other than the project's, one line
// says which to use, before anything fails in a less readable way (scripts/node-runtime.mjs).
import { requireProjectNode } from "./node-runtime.mjs";

requireProjectNode();
