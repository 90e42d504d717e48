// ${kind} ${kernel}: the user's code as a function of one element's values (wgarray/custom).
${aliases}
fn ${function}(${arguments}) -> ${result_type} {
${declarations}
// -- user code --
${code}
    return ${result};
}
