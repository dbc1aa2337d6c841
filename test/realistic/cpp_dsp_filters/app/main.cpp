// dspchain: builds a filter chain from a textual spec and runs a
// synthetic signal through it.
#include "dsp/registry.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <utility>

namespace {

std::vector<std::pair<std::string, float>> parseSpec(const std::string &spec) {
  std::vector<std::pair<std::string, float>> out;
  std::istringstream in(spec);
  std::string item;
  while (std::getline(in, item, ',')) {
    auto colon = item.find(':');
    out.emplace_back(item.substr(0, colon),
                     std::stof(item.substr(colon + 1)));
  }
  return out;
}

dsp::Buffer signal(std::size_t n) {
  dsp::Buffer b(n);
  for (std::size_t i = 0; i < n; ++i)
    b[i] = 0.6f * static_cast<float>(std::sin(0.01 * static_cast<double>(i))) +
           ((i % 37) == 0 ? 0.3f : 0.0f);
  return b;
}

} // namespace

int main() {
  const std::string spec =
      "gain:1.5,lowpass:0.2,echo:3.0,gain:12,lowpass:1.7,reverb:1";
  auto &registry = dsp::Registry::instance();
  std::vector<std::unique_ptr<dsp::Filter>> chain;
  int rejected = 0;

  for (const auto &[name, param] : parseSpec(spec)) {
#ifdef DSP_VALIDATE
    try {
      auto f = registry.make(name, param);
      if (f)
        chain.push_back(std::move(f));
      else
        ++rejected;
    } catch (const dsp::BadParameter &e) {
      std::printf("rejected: %s\n", e.what());
      ++rejected;
    }
#else
    if (auto f = registry.make(name, param))
      chain.push_back(std::move(f));
    else
      ++rejected;
#endif
  }

  std::printf("%zu factories, %zu filters in chain, %d rejected\n",
              registry.size(), chain.size(), rejected);
#ifdef DSP_DESCRIBE
  std::ostringstream desc;
  for (const auto &f : chain) {
    f->describe(desc);
    desc << ' ';
  }
  std::printf("chain: %s\n", desc.str().c_str());
#endif

  double energy = 0.0;
#ifdef DSP_PROFILE
  double cost = 0.0;
#endif
  for (int block = 0; block < 40; ++block) {
    dsp::Buffer b = signal(4096);
    for (auto &f : chain) {
      f->process(b);
#ifdef DSP_PROFILE
      cost += f->costPerSample() * static_cast<double>(b.size());
#endif
    }
    for (float s : b)
      energy += static_cast<double>(s) * s;
    if (block % 16 == 15)
      for (auto &f : chain)
        f->reset();
  }
  std::printf("energy %.3f\n", energy);
#ifdef DSP_PROFILE
  std::printf("cost %.0f units\n", cost);
#endif
  return static_cast<int>(chain.size()) + rejected * 10;
}
