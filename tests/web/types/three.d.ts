// three.js is vendored (src/tabletop/web/vendor/three/) and mapped by the page's import map; the type check
// treats it as an untyped module rather than checking the library itself.
declare module "three";
