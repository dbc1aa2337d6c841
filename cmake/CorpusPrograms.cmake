# One CTest test PREFIX.<program> per program directory below the calling
# directory that holds a corpus.json, run by the corpus harness
# (test/corpus/run_corpus.py): every valid configuration's simulator must
# behave like the variant compiled with -D flags. A corpus.json with a
# "disabled" key is not registered (its reason is printed).
find_program(VARSIM_CORPUS_CC NAMES clang-19 clang gcc
             DOC "C compiler for the corpus programs and their simulators")
find_program(VARSIM_CORPUS_CXX NAMES clang++-19 clang++ g++
             DOC "C++ compiler for the corpus programs and their simulators")
# The precompiled standard headers of the C++ variant builds, shared by the
# corpus, realistic and qa tests (test/corpus/pch_build.py).
set(VARSIM_CORPUS_PCH_CACHE ${PROJECT_BINARY_DIR}/test/corpus-pch)

# An optional third argument is the tests' COST: CTest starts the costliest
# first, which a fresh clone (no Testing/Temporary/CTestCostData.txt yet)
# cannot learn from an earlier run.
function(varsim_corpus_programs prefix timeout)
  set(harness ${PROJECT_SOURCE_DIR}/test/corpus/run_corpus.py)
  file(GLOB metadata RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}
       CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/corpus.json)
  list(SORT metadata)
  foreach(meta IN LISTS metadata)
    get_filename_component(program ${meta} DIRECTORY)
    file(READ ${CMAKE_CURRENT_SOURCE_DIR}/${meta} json)
    string(JSON disabled ERROR_VARIABLE no_disabled GET "${json}" disabled)
    if(NOT no_disabled)
      message(STATUS "${prefix}.${program} not registered: ${disabled}")
      continue()
    endif()
    add_test(NAME ${prefix}.${program}
      COMMAND ${Python3_EXECUTABLE} ${harness}
              --varsim $<TARGET_FILE:varsim>
              --cc ${VARSIM_CORPUS_CC} --cxx ${VARSIM_CORPUS_CXX} -j 2
            --pch-cache ${VARSIM_CORPUS_PCH_CACHE}
              ${CMAKE_CURRENT_SOURCE_DIR}/${program})
    # Parallel inside, but with serial steps: two side by side keep both
    # cores busy.
    set_tests_properties(${prefix}.${program} PROPERTIES
      LABELS ${prefix} PROCESSORS 1 TIMEOUT ${timeout})
    if(ARGC GREATER 2)
      set_tests_properties(${prefix}.${program} PROPERTIES COST ${ARGV2})
    endif()
  endforeach()
endfunction()
