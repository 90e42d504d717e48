    if (lid == 255u) { out[wg] = sh[255u]; }
