// The layer check (`npm run check:layers`, a stage of `npm test`): the app's imports point one way,
//   routes -> components -> validation -> jobs -> domain -> utils -> db
// and the domain's subject folders never import each other in a loop (docs/decisions/1100, 1101).
// A layer may import any layer below it, never one above. A unit test (`*.test.ts` beside its
// module) may import what it tests from anywhere; nothing else in app/ imports a test or its data.

/** Test files and test data: exempt from the layers, and never imported by the app. */
const TESTS = "(^tests/|\\.test\\.tsx?$|\\.test-data\\.ts$)";

/** The layers above `layer`, as a path pattern (app/root.tsx and app/routes.ts are the routes' layer). */
const ROUTES = "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)";
const COMPONENTS = "^app/components/";
const VALIDATION = "^app/validation/";
const JOBS = "^app/jobs/";
const DOMAIN = "^app/domain/";
const UTILS = "^app/utils/";

/** No file of layer `from` imports one of `above`. */
function below(name, from, above, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, pathNot: TESTS },
    to: { path: `(${above.join("|")})` },
  };
}

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    below("components-below-routes", COMPONENTS, [ROUTES], "A component is given what it shows; it imports no route."),
    below("validation-below-components", VALIDATION, [ROUTES, COMPONENTS], "A form's schema knows no screen."),
    below("jobs-below-screens", JOBS, [ROUTES, COMPONENTS, VALIDATION], "The scheduled job calls the domain, never a screen."),
    below(
      "domain-below-jobs",
      DOMAIN,
      [ROUTES, COMPONENTS, VALIDATION, JOBS],
      "The domain is plain modules: no React screen, no route, no form schema, and it never calls up into the job that runs it.",
    ),
    below("utils-below-domain", UTILS, [ROUTES, COMPONENTS, VALIDATION, JOBS, DOMAIN], "utils/ is infrastructure only: it knows no subject of the domain."),
    below(
      "vocabulary-below-subjects",
      "^app/domain/[^/]+$",
      ["^app/domain/[^/]+/"],
      "The shared vocabulary at the domain's top (dates, money, phone, status rules, the salon) imports no subject folder: every subject may use it.",
    ),
    below("db-below-app", "^db/", ["^app/"], "The schema imports nothing of the app."),
    {
      name: "no-subject-cycle",
      comment:
        "The domain's subject folders never import each other in a loop: a cycle means a piece sits in the wrong home (STYLE.md, 'A domain that flows one way').",
      severity: "error",
      scope: "folder",
      from: { path: DOMAIN },
      to: { path: DOMAIN, circular: true },
    },
    {
      name: "app-imports-no-tests",
      comment: "App code imports no test, test helper or test data.",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a broken path, and an arrow the check would miss (React Router's generated ./+types/ aside).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "(^|/)\\+types/" },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser's own parser: swc reads the files.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count (swc reports them): a type from a higher layer is an upward import too.
    // Tests are leaves: seen when something imports them, their own imports not followed.
    doNotFollow: { path: `(^|/)node_modules/|${TESTS}` },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
