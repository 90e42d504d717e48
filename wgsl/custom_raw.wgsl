// RawKernel ${kernel} (wgarray/custom): the parameter window, the workgroup size of this launch
// and the scalar arguments' accessors, then the user's code (arrays bound from binding 1 on).
${enables}
${prelude}
${params}
const BLOCK_X: u32 = ${block_x}u;
const BLOCK_Y: u32 = ${block_y}u;
const BLOCK_Z: u32 = ${block_z}u;

${library}
// -- user code --
${code}
